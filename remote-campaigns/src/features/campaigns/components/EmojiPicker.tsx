import { X } from 'lucide-react';
import { MAX_EMOJIS } from 'contracts';
import { Box, Button, Flex, HStack, IconButton, Text } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

/** The emojis offered to add (a visitor's quick reactions). */
export const EMOJI_PALETTE = ['👍', '❤️', '😂', '😮', '😢', '😡', '🎉', '🔥', '👏', '🙏', '🤔', '👀', '💯', '✅', '⭐', '🚀'] as const;

/** An ordered list of emojis (at most MAX_EMOJIS): the chosen ones with remove, the palette to add. */
export function EmojiPicker({ value, onChange, testId = 'emoji-picker' }: { value: readonly string[]; onChange: (next: string[]) => void; testId?: string }) {
  const { t } = useTranslation('campaigns');
  const full = value.length >= MAX_EMOJIS;
  return (
    <Box data-testid={testId}>
      <HStack gap="1" wrap="wrap" minH="9">
        {value.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('emojis.none')}
          </Text>
        )}
        {value.map((emoji, i) => (
          <HStack key={`${emoji}-${i}`} gap="0" borderWidth="1px" borderRadius="full" ps="2" fontSize="lg">
            <span>{emoji}</span>
            <IconButton size="2xs" variant="ghost" aria-label={t('emojis.remove', { emoji })} onClick={() => onChange(value.filter((_, j) => j !== i))}>
              <X />
            </IconButton>
          </HStack>
        ))}
      </HStack>
      <Flex gap="1" wrap="wrap" mt="2" role="group" aria-label={t('emojis.add')}>
        {EMOJI_PALETTE.filter((e) => !value.includes(e)).map((emoji) => (
          <Button
            key={emoji}
            size="xs"
            variant="outline"
            fontSize="md"
            disabled={full}
            aria-label={t('emojis.addOne', { emoji })}
            onClick={() => onChange([...value, emoji])}
          >
            {emoji}
          </Button>
        ))}
      </Flex>
      {full && (
        <Text fontSize="xs" color="fg.muted" mt="1">
          {t('emojis.full', { max: MAX_EMOJIS })}
        </Text>
      )}
    </Box>
  );
}
