import { checklistKind } from './content-kinds';

/**
 * Checklists' calls, each under its own `<verb><Thing>Call` name, built from the kind's descriptor
 * (content-kinds.ts), the one place its path, permission resource and options are written.
 */
export const checklistCalls = checklistKind.calls;

export const listChecklistsCall = checklistCalls.list;
export const getChecklistCall = checklistCalls.get;
export const createChecklistCall = checklistCalls.create;
export const updateChecklistCall = checklistCalls.update;
export const deleteChecklistCall = checklistCalls.delete;
export const deleteChecklistsCall = checklistCalls.deleteMany;
export const duplicateChecklistCall = checklistCalls.duplicate;
export const cancelChecklistCall = checklistCalls.cancel;
export const publishChecklistCall = checklistCalls.publish;
export const scheduleChecklistCall = checklistCalls.schedule;
export const discardChecklistDraftCall = checklistCalls.discardDraft;
export const listChecklistVersionsCall = checklistCalls.listVersions;
export const explainChecklistCall = checklistCalls.explain;
export const restoreChecklistVersionCall = checklistCalls.restoreVersion;
export const checklistStatsUserCall = checklistCalls.statsUser;
