/**
 * The dynamic-audience rule builder, a facade entry of its own: only the screens that target people
 * (/settings/audiences, the campaign editors) load it, never the first page.
 */
export { AudienceBuilder, audienceErrorsFrom, newAudienceCondition, type AudienceBuilderProps, type AudienceAttribute } from './AudienceBuilder';
