import { useEffect, useState } from 'react';
import { i18n } from 'shared-i18n';

/** The current language, re-rendering on change (drives Chakra's locale: ar is right-to-left). */
export function useLanguage() {
  const [lng, setLng] = useState(i18n.language ?? 'en');
  useEffect(() => {
    const onChange = (next: string) => setLng(next);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, []);
  return lng;
}
