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
  /** Seconds the script waits after an interruptive item ends before it shows the next one. */
  quietAfterCloseMax: 600,
  /** Ids the script lists in one content call (what is open, what it has shown). */
  scriptIdsMax: 50,
  /** Progress entries (tours, checklists) one progress call carries, and the JSON characters of one entry's state. */
  progressEntriesMax: 50,
  progressStateMax: 4000,
  externalIdMax: 128,
  visitorIdMax: 128,
  attributeValueMax: 1000,
  eventIdMax: 64,
  /** A visitor token (content call → events): JWS of website, visitor, person and expiry. */
  visitorTokenMax: 1024,
  emojiMax: 16,
  commentMax: 2000,
  surveyQuestionMax: 500,
  /** Answers of one form sent in one event. */
  answersPerEventMax: 20,
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
  /** Emoji reactions a popup offers. */
  emojisMax: 8,
  /** Addresses: avatars, links, image URLs, page addresses, a website's domain as typed. */
  urlMax: 2048,
  /** Roles given to one user in one call. */
  userRolesMax: 50,
  /** Mailed link tokens (reset, invitation, e-mail change) and refresh tokens. */
  tokenMax: 512,
  /** What the identity provider hands over: access token or authorisation code, and ID token. */
  identityTokenMax: 4096,
  idTokenMax: 8192,
  /** PKCE code verifier bounds (RFC 7636, section 4.1). */
  codeVerifierMin: 43,
  codeVerifierMax: 128,
  /** Ids of popup blocks, permissions, group members and a website's public key. */
  blockIdMax: 64,
  permissionMax: 64,
  memberIdMax: 64,
  websiteKeyMax: 64,
  /** `userHash` of identify: a hex HMAC-SHA256 is 64 characters; room for other encodings, no more. */
  identityHashMax: 128,
  /** Hours the previous identity secret still verifies after a rotation, so servers can be redeployed. */
  identitySecretGraceHours: 24,
  /** Hours a time-stamped `userHash` (`<unix seconds>.<hex>`) verifies after the time it names. */
  identityHashMaxAgeHours: 24,
  /** A time zone name (IANA) of the statistics. */
  timeZoneMax: 64,
  /** A value an audience condition compares with. */
  conditionValueMax: 500,
  imageAltMax: 200,
  /** One answer option of a form question. */
  optionMax: 120,
  /** People a popup is shown to individually, besides its target. */
  popupPeopleMax: 1000,
  /** Free-text filters of the content lists. */
  filterTextMax: 200,
  pageSizeMax: 1000,
  /** The website script's version string, sent for the installation check. */
  scriptVersionMax: 32,
  /** A person's name and e-mail as a website identifies them. */
  personNameMax: 200,
  personEmailMax: 320,
  /** Steps of one product tour. */
  tourStepsMax: 30,
  /** A tour step's CSS selector, and the fallback description of its element. */
  selectorMax: 1000,
  fallbackTextMax: 200,
  fallbackTagMax: 32,
  fallbackLandmarksMax: 5,
  /** Tasks of one checklist (peers keep them to a handful; a few more for long onboarding). */
  checklistTasksMax: 20,
  /** A task's estimated minutes. */
  taskTimingMax: 600,
  /** A tracked event's name (`signpost('track', name)`). */
  trackNameMax: 100,
} as const;

export type LimitName = keyof typeof LIMITS;
