export { ColorField } from './ColorField';
export { QueriedItem, type QueriedItemProps, type QueriedItemTexts } from './QueriedItem';
