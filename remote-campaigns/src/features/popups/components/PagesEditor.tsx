import { useFieldArray, useFormContext } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { POPUP_BLOCK_KINDS, POPUP_MAX_PAGES, type PopupDocumentInput } from 'contracts';
import { Button, Flex, HStack, Spacer, Stack, Text, toaster } from 'shared-ui';
import { useFieldMessage } from 'shared-content';
import { useTranslation } from 'shared-i18n';
import { canAddPage, canRemoveBlock, canRemovePage, newBlock, newPage, pageAfterRemoval } from '../editor-logic';
import { BlockEditor } from './BlockEditor';

function PageBlocks({ page, readOnly }: { page: number; readOnly: boolean }) {
  const { t } = useTranslation('campaigns');
  const { control, formState } = useFormContext<PopupDocumentInput>();
  const message = useFieldMessage(formState.errors);
  // keyName: the blocks carry an `id` of their own, which the field array must not overwrite.
  const blocks = useFieldArray({ control, name: `content.${page}.content`, keyName: 'key' });
  const remove = (index: number) => {
    if (!canRemoveBlock(blocks.fields)) return;
    blocks.remove(index);
    toaster.create({ type: 'success', title: t('messages.blockRemoved') });
  };
  const error = message(`content.${page}.content`);
  return (
    <Stack gap="3" data-testid="page-blocks">
      {error && (
        <Text color="fg.error" fontSize="sm" role="alert" data-testid="page-blocks-error">
          {error}
        </Text>
      )}
      {blocks.fields.map((field, index) => (
        <BlockEditor
          key={field.key}
          page={page}
          index={index}
          count={blocks.fields.length}
          onRemove={() => remove(index)}
          onMove={(to) => blocks.move(index, to)}
          readOnly={readOnly}
        />
      ))}
      {!readOnly && (
        <Flex gap="2" wrap="wrap" align="center" role="group" aria-label={t('blocks.add')}>
          <Text fontSize="sm" color="fg.muted">
            {t('blocks.add')}
          </Text>
          {POPUP_BLOCK_KINDS.map((kind) => (
            <Button key={kind} size="xs" variant="outline" onClick={() => blocks.append(newBlock(kind))} data-testid={`add-block-${kind}`}>
              <Plus size={12} aria-hidden />
              {t(`blocks.kinds.${kind}`)}
            </Button>
          ))}
        </Flex>
      )}
    </Stack>
  );
}

/**
 * The popup's content as pages (at most 5; the last one cannot be removed), each a list of blocks.
 * The page being edited is the page the preview shows. Read-only (the view screen), the tabs stay
 * to move between pages and nothing that changes the structure (add, move, remove) is shown.
 */
export function PagesEditor({ page, onPageChange, readOnly = false }: { page: number; onPageChange: (page: number) => void; readOnly?: boolean }) {
  const { t } = useTranslation('campaigns');
  const { control, formState } = useFormContext<PopupDocumentInput>();
  const message = useFieldMessage(formState.errors);
  const pages = useFieldArray({ control, name: 'content', keyName: 'key' });
  const current = Math.min(page, pages.fields.length - 1);
  const add = () => {
    if (!canAddPage(pages.fields)) return;
    pages.append(newPage());
    onPageChange(pages.fields.length);
  };
  const removeCurrent = () => {
    if (!canRemovePage(pages.fields)) return;
    pages.remove(current);
    onPageChange(pageAfterRemoval(current, current, pages.fields.length - 1));
  };
  const error = message('content');
  return (
    <Stack gap="4">
      {/* The tabs alone form the tablist (a tablist may hold only tabs); the page actions sit beside it. */}
      <HStack gap="2" wrap="wrap">
        <HStack gap="2" wrap="wrap" role="tablist" aria-label={t('pages.title')}>
          {pages.fields.map((field, index) => (
            // A tab is not a form control: the read-only view disables the form's fieldset, and its
            // reader must still move between pages.
            <Button key={field.key} asChild size="sm" variant={index === current ? 'solid' : 'outline'} colorPalette={index === current ? 'brand' : undefined}>
              <span
                role="tab"
                tabIndex={0}
                aria-selected={index === current}
                onClick={() => onPageChange(index)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    onPageChange(index);
                  }
                }}
                data-testid={`page-tab-${index + 1}`}
              >
                {t('pages.page', { number: index + 1 })}
              </span>
            </Button>
          ))}
        </HStack>
        {!readOnly && (
          <>
            <Button size="sm" variant="ghost" onClick={add} disabled={!canAddPage(pages.fields)} data-testid="page-add">
              <Plus size={14} aria-hidden />
              {t('pages.add')}
            </Button>
            <Spacer />
            <Button size="sm" variant="ghost" colorPalette="red" onClick={removeCurrent} disabled={!canRemovePage(pages.fields)} data-testid="page-remove">
              <Trash2 size={14} aria-hidden />
              {t('pages.remove', { number: current + 1 })}
            </Button>
          </>
        )}
      </HStack>
      <Text fontSize="xs" color="fg.muted" data-testid="page-count">
        {t('pages.count', { count: pages.fields.length, max: POPUP_MAX_PAGES })}
      </Text>
      {error && (
        <Text color="fg.error" fontSize="sm" role="alert" data-testid="pages-error">
          {error}
        </Text>
      )}
      {pages.fields[current] && <PageBlocks key={pages.fields[current].key} page={current} readOnly={readOnly} />}
    </Stack>
  );
}
