/**
 * The people-data attributes of a website, name → type (their SQL lives in the attributes store).
 * Kept at this path for the callers that compile audiences (campaigns, the website script's routes).
 */
export { attributeTypesOf } from '../../stores/attributes';
