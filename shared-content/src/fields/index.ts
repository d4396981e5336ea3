export { ColorField } from './ColorField';
export { QueriedItem, type QueriedItemProps, type QueriedItemTexts } from './QueriedItem';
export { useFieldMessage } from './field-message';
export { EditorSection, EnumSelect, IdSelect, IdSelectPair, OrganisationFields, Toggle, type EnumSelectProps, type IdSelectProps } from './form-fields';
export { useEditorSubmit } from './use-editor-submit';
