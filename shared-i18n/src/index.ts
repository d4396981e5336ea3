export { i18n, initI18n, registerNamespace, changeLanguage, translationUrl, MESSAGES_NAMESPACE } from './i18n';
export * from './languages';
export { useTranslation, Trans, I18nextProvider } from 'react-i18next';
export { formatDate, formatNumber, useFormatters } from './format';
