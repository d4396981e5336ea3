import { AudienceBuilder, audienceErrorsFrom } from 'shared-ui/audience-builder';
import type { AudienceGroup, Attribute } from 'contracts';
import { fieldErrors } from 'shared-data';

/**
 * The rule builder of a campaign's dynamic audience, with the server's messages for the tree's
 * conditions. Its own module so the editors fetch the builder only when "dynamic audience" is chosen.
 */
export default function DynamicAudienceField({
  value,
  onChange,
  attributes,
  serverError,
}: {
  value: AudienceGroup;
  onChange: (next: AudienceGroup) => void;
  attributes: readonly Attribute[];
  serverError: unknown;
}) {
  return (
    <AudienceBuilder
      value={value}
      onChange={onChange}
      attributes={attributes}
      errors={audienceErrorsFrom(fieldErrors(serverError), 'dynamicAudience')}
      testId="field-dynamic-audience"
    />
  );
}
