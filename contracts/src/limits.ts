/**
 * The limits of what a person may enter, defined once. The contract schemas check them, the console
 * uses them (maxLength, number inputs) and the messages of `contracts/locales/*\/messages.json` name
 * them as interpolation variables (`{{nameMax}}`), fed from this object: a limit is never copied.
 */
export const LIMITS = {
  /** Names of websites, roles, groups, segments, users, organisations. */
  nameMax: 120,
  tagNameMax: 60,
  workspaceNameMax: 60,
  attributeNameMax: 64,
  passwordMin: 8,
  passwordMax: 128,
  emailMax: 254,
  audienceMaxDepth: 4,
  audienceMaxConditions: 50,
  groupMaxMembers: 10_000,
  /** Ids in one bulk call (delete many, add many). */
  bulkMax: 100,
  targetsMax: 100,
  eventsPerBatchMax: 100,
  eventMaxAgeDays: 120,
  interruptionsPerDayMax: 50,
  externalIdMax: 128,
  visitorIdMax: 128,
  attributeValueMax: 1000,
  eventIdMax: 64,
  emojiMax: 16,
  commentMax: 2000,
  surveyQuestionMax: 500,
  statsRangeMaxDays: 366,
  titleMax: 200,
  shortTitleMax: 120,
  labelMax: 80,
  questionMax: 300,
  pushBodyMax: 500,
  contentMax: 5000,
  optionsMin: 2,
  optionsMax: 20,
  popupMinPages: 1,
  popupMaxPages: 5,
  popupMinBlocks: 1,
  popupMaxBlocks: 20,
  displaySecondsMin: 1,
  displaySecondsMax: 60,
  fontSizeMin: 8,
  fontSizeMax: 72,
  popupMaxDurationDays: 365,
  pushDurationMin: 1,
  pushDurationMax: 60,
} as const;

export type LimitName = keyof typeof LIMITS;
