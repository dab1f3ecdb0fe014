export const REASONS = [
  {
    emoji: '🧩',
    title: 'Deeper, longer play',
    text: 'With fewer choices, children settle in, explore a toy fully and invent new ways to use it.',
  },
  {
    emoji: '✨',
    title: 'Old toys feel new',
    text: 'A toy that has rested for a few weeks comes back as a surprise, so you buy less and enjoy more.',
  },
  {
    emoji: '🧺',
    title: 'A calmer, tidier home',
    text: 'A small set is quick to tidy, and even the youngest can help put everything back.',
  },
  {
    emoji: '🌱',
    title: 'Growing with your child',
    text: 'See at a glance what is in play and swap in toys that match new skills and interests.',
  },
  {
    emoji: '⏱️',
    title: 'Seconds, not evenings',
    text: 'No spreadsheets or guesswork: press Rotate and the app picks a fair mix for you.',
  },
  {
    emoji: '📴',
    title: 'Works offline',
    text: 'Your inventory lives on your device, so rotating works in the basement storeroom too.',
  },
] as const;
