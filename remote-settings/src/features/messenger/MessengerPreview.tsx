import { useEffect, useRef } from 'react';
import type { BubbleConfig } from 'contracts';
import { createMessengerView, type MessengerData, type MessengerView } from 'website-script/messenger-view';
import { TEXTS, type Language } from 'website-script/texts';
import { Box } from 'shared-ui';

/** What the preview's window holds: one answered conversation and one piece of news. */
function sampleData(lang: Language): MessengerData {
  const now = new Date().toISOString();
  const t = TEXTS[lang];
  return {
    name: null,
    conversations: [
      {
        _id: 'preview',
        status: 'open',
        unread: 1,
        lastMessageAt: now,
        messages: [
          { _id: 'a', author: 'visitor', body: t.sendMessage, createdAt: now },
          { _id: 'b', author: 'staff', body: t.homeIntro, createdAt: now },
        ],
      },
    ],
    news: [{ _id: 'news', kind: 'banner', title: t.news, body: t.noNews, url: null, publishedAt: now }],
  };
}

/**
 * The messenger as visitors will see it, drawn by the website script's own code (its module, not a
 * copy) in a box that stands for the customer's page: light or dark, left to right or right to left.
 */
export function MessengerPreview({
  config,
  dark,
  dir,
  lang,
  label,
}: {
  config: BubbleConfig;
  dark: boolean;
  dir: 'ltr' | 'rtl';
  lang: Language;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const view = useRef<MessengerView | null>(null);
  useEffect(() => {
    if (!box.current) return;
    const v = createMessengerView({ config, locale: { lang, dir, t: TEXTS[lang] }, data: sampleData(lang), container: box.current, preview: true, dark });
    v.open(undefined, false);
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The view is made once per page look; config changes go through update (no flicker, no focus moved).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dark, dir, lang]);
  useEffect(() => view.current?.update({ config }), [config]);
  return (
    <Box
      ref={box}
      position="relative"
      h="640px"
      overflow="hidden"
      borderWidth="1px"
      borderRadius="lg"
      bg={dark ? '#141414' : '#f5f5f5'}
      dir={dir}
      data-testid="messenger-preview"
      role="region"
      aria-label={label}
    />
  );
}
