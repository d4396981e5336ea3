import type { ItemOf } from '../src/surfaces/types';

export const popupItem = (over: Partial<ItemOf<'popup'>['popup']> = {}): ItemOf<'popup'> => ({
  kind: 'popup',
  interrupts: true,
  modal: true,
  id: '11111111-1111-4111-8111-111111111111',
  priority: 'normal',
  sender: null,
  popup: {
    titleOfPopup: { label: 'Welcome aboard', fontSize: 18, fontFamily: 'Inter', fontWeight: '700', color: '#222222' },
    content: [
      {
        id: 'p1',
        content: [
          { id: 'b1', kind: 'text', text: '<b>not html</b>', align: 'center' },
          { id: 'b2', kind: 'question', question: 'Your role?', type: 'choice', options: ['Dev', 'PM'], required: true },
        ],
      },
      {
        id: 'p2',
        content: [
          { id: 'b3', kind: 'question', question: 'Anything else?', type: 'text', options: [], required: false },
          { id: 'b4', kind: 'button', label: 'Docs', action: 'link', url: 'https://docs.example/', color: '#112233' },
        ],
      },
    ],
    format: 'small',
    position: 'center',
    replayType: 'text',
    popupBackground: '#fafafa',
    popupBackgroundImage: '/uploads/bg.png',
    emojis: ['👍', '❤️'],
    rules: { displayTime: 15000, showAgain: 'never' },
    ...over,
  },
});

export const bannerItem = (over: Partial<ItemOf<'banner'>['banner']> = {}): ItemOf<'banner'> => ({
  kind: 'banner',
  interrupts: false,
  modal: false,
  id: '22222222-2222-4222-8222-222222222222',
  priority: 'normal',
  sender: 'Ana',
  banner: {
    titleOfBanner: 'Spring sale',
    content: 'Everything 20% off',
    settings: { priority: 'normal', backgroundColor: '#ffeb3b', targetDevice: 'web', bannerStyle: 'inline', bannerPosition: 'top' },
    showSender: true,
    dismissButton: true,
    actions: { type: 'url', urlText: 'Shop now', url: 'https://shop.example/', isUrlOpenedInNewTab: true, closeBannerOnClick: true },
    ...over,
  },
});

export const pushItem = (over: Partial<ItemOf<'push'>['push']> = {}): ItemOf<'push'> => ({
  kind: 'push',
  interrupts: true,
  modal: false,
  id: '33333333-3333-4333-8333-333333333333',
  priority: 'high',
  sender: null,
  push: {
    title: 'New reply',
    body: 'Ana answered your question',
    icon: '/uploads/icon.png',
    action: { url: 'https://app.example/inbox', target: '_self' },
    audio: false,
    duration: 5,
    ...over,
  },
});

export const tourItem = (over: Partial<ItemOf<'tour'>['tour']> = {}): ItemOf<'tour'> => ({
  kind: 'tour',
  interrupts: true,
  modal: true,
  id: '66666666-6666-4666-8666-666666666666',
  priority: 'normal',
  sender: null,
  tour: {
    title: 'Welcome tour',
    steps: [
      {
        id: 's1',
        title: 'The menu',
        content: 'Everything starts here.',
        target: { selector: '#menu', fallback: { text: '', tag: '', index: null, landmarks: [] } },
        placement: 'auto',
        url: '/',
        advanceOn: 'next',
        advanceUrl: '',
        whenMissing: 'skip',
      },
      {
        id: 's2',
        title: 'Pricing',
        content: 'Our plans',
        target: null,
        placement: 'auto',
        url: '/pricing',
        advanceOn: 'next',
        advanceUrl: '',
        whenMissing: 'skip',
      },
    ],
    insertable_url: '',
    restartable: false,
    restart_button_text: '',
    snoozeable: true,
    snooze_button_text: '',
    end_tour_animation: 'noanimation',
    button_color: '#0078ff',
    settings: { priority: 'normal', devices: 'all', showProgress: true, overlay: true, dismissible: true },
    showSender: false,
    ...over,
  },
});
