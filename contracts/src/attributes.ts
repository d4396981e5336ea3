import { z } from 'zod';
import { LIMITS } from './limits';
import { inWebsite } from './call';
import { messageSchema, pagedSchema, requiredNameSchema, nameFilterQuerySchema } from './common';
import { msg } from './message-code';
import { resourceCalls } from './resource-calls';

/** People-data attribute types (spec: Attribute has a name; the type is ours, stored per website). */
export const ATTRIBUTE_TYPES = ['string', 'number', 'boolean', 'date'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** Letters, digits and underscores, starting with a letter: it is a key in the website's code. */
export const ATTRIBUTE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

export const attributeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  createdAt: z.string(),
});
export type Attribute = z.infer<typeof attributeSchema>;

export const attributeListQuerySchema = nameFilterQuerySchema(LIMITS.attributeNameMax);
export const attributePageSchema = pagedSchema(attributeSchema);

/** POST /api/attributes and PUT /api/attributes/{id}. */
export const attributeBodySchema = z.object({
  name: requiredNameSchema(LIMITS.attributeNameMax, msg('validation.attributeNameTooLong')).regex(
    ATTRIBUTE_NAME_PATTERN,
    msg('validation.attributeNameInvalid'),
  ),
  type: z.enum(ATTRIBUTE_TYPES, { error: msg('validation.typeRequired') }),
});
export type AttributeBody = z.input<typeof attributeBodySchema>;
export const attributeSavedResponseSchema = z.object({ message: z.string(), data: attributeSchema });

/** Creating an attribute tells the user to start sending it from their code. */
export const ATTRIBUTE_CREATED_MESSAGE = msg('attributes.created');
export const ATTRIBUTE_UPDATED_MESSAGE = msg('attributes.updated');
export const ATTRIBUTE_DELETED_MESSAGE = msg('attributes.deleted');
export const ATTRIBUTE_EXISTS_MESSAGE = msg('attributes.nameAlreadyExists');

// ---------------------------------------------------------------------------------------------
// The calls (/settings/people-data). That screen asks no permission and the permission list
// names no attribute resource for reading, so listing needs only a signed-in member; every call
// acts inside the website of the `Activewebsite` header.
// ---------------------------------------------------------------------------------------------

const attributeCalls = resourceCalls(inWebsite, 'attributes', '/api/attributes', 'attributes', {
  list: {
    permission: null,
    summary: 'List the active website’s people-data attributes',
    query: attributeListQuerySchema,
    response: attributePageSchema,
    errors: [400, 401, 404],
  },
  /** 201 with the message telling the user to send it from their code. */
  create: {
    summary: 'Create a people-data attribute on the active website',
    body: attributeBodySchema,
    response: attributeSavedResponseSchema,
    errors: [400, 401, 404, 409],
  },
  update: {
    summary: 'Rename or retype a people-data attribute',
    body: attributeBodySchema,
    response: attributeSavedResponseSchema,
    errors: [400, 401, 404, 409],
  },
  delete: { summary: 'Delete a people-data attribute', response: messageSchema, errors: [400, 401, 404, 409] },
});
export const listAttributesCall = attributeCalls.list;
export const createAttributeCall = attributeCalls.create;
export const updateAttributeCall = attributeCalls.update;
export const deleteAttributeCall = attributeCalls.delete;
