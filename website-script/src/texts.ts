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
    openMessenger: 'Open messages',
    spaces: 'Spaces',
    home: 'Home',
    messages: 'Messages',
    tasks: 'Tasks',
    news: 'News',
    greet: 'Hi there',
    greetName: 'Hi {name}',
    homeIntro: 'Ask us anything, we are here to help.',
    sendMessage: 'Send us a message',
    noNews: 'No news for now.',
    newConversation: 'New conversation',
    noConversations: 'No conversations yet.',
    team: 'Team',
    you: 'You',
    back: 'Back',
    yourMessage: 'Your message',
    emailOptional: 'Your e-mail for the answer (optional)',
    sendFailed: 'Not sent, please try again',
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
    openMessenger: 'Ouvrir les messages',
    spaces: 'Espaces',
    home: 'Accueil',
    messages: 'Messages',
    tasks: 'Tâches',
    news: 'Actualités',
    greet: 'Bonjour',
    greetName: 'Bonjour {name}',
    homeIntro: 'Posez-nous vos questions, nous sommes là pour vous aider.',
    sendMessage: 'Envoyez-nous un message',
    noNews: 'Pas d’actualité pour le moment.',
    newConversation: 'Nouvelle conversation',
    noConversations: 'Aucune conversation pour le moment.',
    team: 'Équipe',
    you: 'Vous',
    back: 'Retour',
    yourMessage: 'Votre message',
    emailOptional: 'Votre e-mail pour la réponse (facultatif)',
    sendFailed: 'Non envoyé, veuillez réessayer',
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
    openMessenger: 'فتح الرسائل',
    spaces: 'المساحات',
    home: 'الرئيسية',
    messages: 'الرسائل',
    tasks: 'المهام',
    news: 'الأخبار',
    greet: 'مرحبًا',
    greetName: 'مرحبًا {name}',
    homeIntro: 'اسألنا عن أي شيء، نحن هنا للمساعدة.',
    sendMessage: 'أرسل لنا رسالة',
    noNews: 'لا أخبار حاليًا.',
    newConversation: 'محادثة جديدة',
    noConversations: 'لا محادثات بعد.',
    team: 'الفريق',
    you: 'أنت',
    back: 'رجوع',
    yourMessage: 'رسالتك',
    emailOptional: 'بريدك الإلكتروني للرد (اختياري)',
    sendFailed: 'لم تُرسل، يرجى المحاولة مجددًا',
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
