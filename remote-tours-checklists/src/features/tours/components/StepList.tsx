import { useMemo } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Crosshair, GripVertical, Trash2 } from 'lucide-react';
import { tourStepText, type TourStepContent } from 'contracts';
import { Badge, Box, HStack, IconButton, Stack, Text, chakra } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

/** What the list shows of a step. */
export interface StepSummary {
  /** A key that stays with the step while it moves (react-hook-form's field key). */
  key: string;
  title?: string;
  content?: TourStepContent;
  selector?: string | null;
  url?: string;
}

/** A step's name in the list and in what screen readers hear: its title, else the start of its text. */
export function stepLabel(step: Pick<StepSummary, 'title' | 'content'>, fallback: string): string {
  const title = step.title?.trim();
  if (title) return title;
  const text = tourStepText(step.content ?? '').trim();
  return text ? text.slice(0, 60) : fallback;
}

function StepRow({
  step,
  index,
  count,
  selected,
  onSelect,
  onRemove,
  readOnly,
}: {
  step: StepSummary;
  index: number;
  count: number;
  selected: boolean;
  onSelect: () => void;
  onRemove: () => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('toursChecklists');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: step.key, disabled: readOnly });
  const label = stepLabel(step, t('tours.steps.untitled'));
  return (
    <chakra.li
      ref={setNodeRef}
      listStyleType="none"
      style={{ transform: CSS.Transform.toString(transform), transition }}
      zIndex={isDragging ? 1 : undefined}
      data-testid="tour-step"
      data-title={label}
      data-selected={selected || undefined}
    >
      <HStack
        gap="2"
        borderWidth="1px"
        borderRadius="md"
        p="2"
        bg={selected ? 'brand.subtle' : 'bg.panel'}
        borderColor={selected ? 'brand.solid' : 'border'}
        boxShadow={isDragging ? 'md' : undefined}
      >
        {!readOnly && (
          // The handle: dragged with a pointer, or picked up with Space/Enter and moved with the arrow keys.
          <IconButton
            ref={setActivatorNodeRef}
            size="xs"
            variant="ghost"
            aria-label={t('tours.steps.move', { number: index + 1, title: label })}
            data-testid="tour-step-handle"
            cursor="grab"
            {...attributes}
            {...listeners}
          >
            <GripVertical />
          </IconButton>
        )}
        <chakra.button
          type="button"
          flex="1"
          minW="0"
          textAlign="start"
          onClick={onSelect}
          aria-current={selected ? 'step' : undefined}
          data-testid="tour-step-select"
          borderRadius="sm"
          px="1"
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
        >
          <Stack gap="0">
            <Text fontSize="sm" fontWeight="medium" truncate>
              {t('tours.steps.label', { number: index + 1, count, title: label })}
            </Text>
            <HStack gap="1" wrap="wrap">
              <Badge size="sm" variant="subtle">
                <Crosshair size={10} aria-hidden />
                {step.selector ? <chakra.span dir="ltr">{step.selector}</chakra.span> : t('tours.steps.centred')}
              </Badge>
              {step.url && (
                <Badge size="sm" variant="outline" dir="ltr">
                  {step.url}
                </Badge>
              )}
            </HStack>
          </Stack>
        </chakra.button>
        {!readOnly && (
          <IconButton
            size="xs"
            variant="ghost"
            colorPalette="red"
            aria-label={t('tours.steps.remove', { number: index + 1, title: label })}
            onClick={onRemove}
            data-testid="tour-step-remove"
          >
            <Trash2 />
          </IconButton>
        )}
      </HStack>
    </chakra.li>
  );
}

/**
 * The tour's steps in their order: one is chosen for editing beside the preview; each moves by
 * dragging its handle, or from the keyboard (Space or Enter on the handle picks it up, the arrow keys
 * move it, Space or Enter drops it, Escape puts it back), announced to screen readers in the
 * console's language.
 */
export function StepList({
  steps,
  selected,
  onSelect,
  onMove,
  onRemove,
  readOnly = false,
}: {
  steps: StepSummary[];
  selected: number;
  onSelect: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  readOnly?: boolean;
}) {
  const { t } = useTranslation('toursChecklists');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = useMemo(() => steps.map((s) => s.key), [steps]);
  const positionOf = (id: string | number) => keys.indexOf(String(id)) + 1;
  const nameOf = (id: string | number) => {
    const step = steps[keys.indexOf(String(id))];
    return step ? stepLabel(step, t('tours.steps.untitled')) : '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('tours.steps.dnd.picked', { title: nameOf(active.id), position: positionOf(active.id), count: keys.length }),
    // Over itself (as a drag starts) says nothing: "picked up" stays what is heard.
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id ? t('tours.steps.dnd.over', { title: nameOf(active.id), position: positionOf(over.id), count: keys.length }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('tours.steps.dnd.dropped', { title: nameOf(active.id), position: positionOf(over.id), count: keys.length })
        : t('tours.steps.dnd.cancelled', { title: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('tours.steps.dnd.cancelled', { title: nameOf(active.id) }),
  };
  const screenReaderInstructions: ScreenReaderInstructions = { draggable: t('tours.steps.dnd.instructions') };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)));
  };
  if (steps.length === 0)
    return (
      <Box borderWidth="1px" borderStyle="dashed" borderRadius="md" p="4" data-testid="tour-steps-empty">
        <Text color="fg.muted" fontSize="sm">
          {t('tours.steps.empty')}
        </Text>
      </Box>
    );
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions }}>
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        <chakra.ol display="flex" flexDirection="column" gap="2" m="0" p="0" aria-label={t('tours.steps.listLabel')} data-testid="tour-steps">
          {steps.map((step, index) => (
            <StepRow
              key={step.key}
              step={step}
              index={index}
              count={steps.length}
              selected={index === selected}
              onSelect={() => onSelect(index)}
              onRemove={() => onRemove(index)}
              readOnly={readOnly}
            />
          ))}
        </chakra.ol>
      </SortableContext>
    </DndContext>
  );
}
