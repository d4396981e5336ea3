/**
 * The script's own words (not the customer's content), in the console's three languages. Picked from
 * the page's `<html lang>`, then the browser's language; Arabic, or `<html dir="rtl">`, mirrors the
 * surfaces. Kept inside the script: a dictionary this small is cheaper than a request.
 */
export const TEXTS = {
  en: {
    close: 'Close',
    next: 'Next',
    previous: 'Previous',
    send: 'Send',
    comment: 'Write a comment…',
    thankYou: 'Thank you',
    reactions: 'Reactions',
    required: 'Please answer this question',
    notification: 'Notification',
    banner: 'Announcement',
    open: 'Open',
    later: 'Later',
    done: 'Done',
    restart: 'Restart',
    stepOf: 'Step {n} of {total}',
    tour: 'Guided tour',
    finished: 'Tour finished',
    checklist: 'Checklist',
    tasksLeft: '{n} tasks left',
    progress: '{done} of {total} done',
    taskDone: 'Done',
    markDone: 'Mark as done',
    start: 'Start',
    minutes: '{n} min',
    dismiss: 'Dismiss this checklist',
    celebrate: 'All done!',
  },
  fr: {
    close: 'Fermer',
    next: 'Suivant',
    previous: 'Précédent',
    send: 'Envoyer',
    comment: 'Écrire un commentaire…',
    thankYou: 'Merci',
    reactions: 'Réactions',
    required: 'Veuillez répondre à cette question',
    notification: 'Notification',
    banner: 'Annonce',
    open: 'Ouvrir',
    later: 'Plus tard',
    done: 'Terminer',
    restart: 'Recommencer',
    stepOf: 'Étape {n} sur {total}',
    tour: 'Visite guidée',
    finished: 'Visite terminée',
    checklist: 'Checklist',
    tasksLeft: '{n} tâches restantes',
    progress: '{done} sur {total} faites',
    taskDone: 'Faite',
    markDone: 'Marquer comme faite',
    start: 'Commencer',
    minutes: '{n} min',
    dismiss: 'Masquer cette checklist',
    celebrate: 'Tout est fait !',
  },
  ar: {
    close: 'إغلاق',
    next: 'التالي',
    previous: 'السابق',
    send: 'إرسال',
    comment: 'اكتب تعليقًا…',
    thankYou: 'شكرًا لك',
    reactions: 'التفاعلات',
    required: 'يرجى الإجابة عن هذا السؤال',
    notification: 'إشعار',
    banner: 'إعلان',
    open: 'فتح',
    later: 'لاحقًا',
    done: 'إنهاء',
    restart: 'إعادة البدء',
    stepOf: 'الخطوة {n} من {total}',
    tour: 'جولة إرشادية',
    finished: 'انتهت الجولة',
    checklist: 'قائمة المهام',
    tasksLeft: 'المهام المتبقية: {n}',
    progress: 'أُنجز {done} من {total}',
    taskDone: 'منجزة',
    markDone: 'تعليم كمنجزة',
    start: 'ابدأ',
    minutes: '{n} دقيقة',
    dismiss: 'إخفاء قائمة المهام',
    celebrate: 'تم كل شيء!',
  },
} as const;

export type Language = keyof typeof TEXTS;
export type Texts = Record<keyof (typeof TEXTS)['en'], string>;

export interface Locale {
  lang: Language;
  dir: 'ltr' | 'rtl';
  t: Texts;
}

/** The language and direction of the page the script runs on. */
export function pageLocale(doc: Document = document, nav: Navigator = navigator): Locale {
  const wanted = (doc.documentElement.lang || nav.language || 'en').toLowerCase();
  const lang: Language = wanted.startsWith('ar') ? 'ar' : wanted.startsWith('fr') ? 'fr' : 'en';
  const dir = doc.documentElement.dir.toLowerCase() === 'rtl' || lang === 'ar' ? 'rtl' : 'ltr';
  return { lang, dir, t: TEXTS[lang] };
}
