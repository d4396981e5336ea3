import type { z } from 'zod';
import { bannerDocumentSchema, popupDocumentSchema, pushNotificationDocumentSchema } from './campaigns';
import { tourDocumentSchema } from './tours';
import { checklistDocumentSchema } from './checklists';

/*
 * What a visitor's page receives of each kind's document: what renders, nothing of its targeting.
 * Each kind's descriptor names its own (content-kinds.ts, `script`), and the content answer's item
 * union is built from the descriptors (website-script.ts).
 */

/** A popup as a visitor's page needs it: what to render, nothing of its targeting. */
export const scriptPopupSchema = popupDocumentSchema.pick({
  titleOfPopup: true,
  content: true,
  format: true,
  position: true,
  replayType: true,
  popupBackground: true,
  popupBackgroundImage: true,
  emojis: true,
  rules: true,
});
export const scriptBannerSchema = bannerDocumentSchema.pick({
  titleOfBanner: true,
  content: true,
  settings: true,
  showSender: true,
  dismissButton: true,
  actions: true,
});
export const scriptPushSchema = pushNotificationDocumentSchema.pick({ title: true, body: true, icon: true, action: true, audio: true, duration: true });

/**
 * A product tour as published: its steps and how it plays (the script keeps the visitor's place and
 * starts it on `insertable_url`, or the first step's page), nothing of its targeting.
 */
export const scriptTourSchema = tourDocumentSchema.pick({
  title: true,
  steps: true,
  insertable_url: true,
  restartable: true,
  restart_button_text: true,
  snoozeable: true,
  snooze_button_text: true,
  end_tour_animation: true,
  button_color: true,
  settings: true,
  showSender: true,
});
export type ScriptTour = z.infer<typeof scriptTourSchema>;

/**
 * A checklist as published: its texts, tasks and celebration, nothing of its targeting. The page
 * keeps the visitor's ticks in their progress; `checklistsDone` of the answer adds what the server saw.
 */
export const scriptChecklistSchema = checklistDocumentSchema.pick({
  title: true,
  subTitle: true,
  description: true,
  show_sender: true,
  notification_type: true,
  direction: true,
  tasks: true,
  celebration: true,
});
export type ScriptChecklist = z.infer<typeof scriptChecklistSchema>;
