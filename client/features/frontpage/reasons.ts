import { ClockIcon, CloudOffIcon, HomeIcon, PuzzleIcon, SparkleIcon, SproutIcon } from '../../components/icons.js';

export const REASONS = [
  {
    Icon: PuzzleIcon,
    title: 'Deeper, longer play',
    text: 'With fewer choices, children settle in, explore a toy fully and invent new ways to use it.',
  },
  {
    Icon: SparkleIcon,
    title: 'Old toys feel new',
    text: 'A toy that has rested for a few weeks comes back as a surprise, so you buy less and enjoy more.',
  },
  {
    Icon: HomeIcon,
    title: 'A calmer, tidier home',
    text: 'A small set is quick to tidy, and even the youngest can help put everything back.',
  },
  {
    Icon: SproutIcon,
    title: 'Growing with your child',
    text: 'See at a glance what is in play and swap in toys that match new skills and interests.',
  },
  {
    Icon: ClockIcon,
    title: 'Seconds, not evenings',
    text: 'No spreadsheets or guesswork: press Rotate and the app picks a fair mix for you.',
  },
  {
    Icon: CloudOffIcon,
    title: 'Works offline',
    text: 'Your inventory lives on your device, so rotating works in the basement storeroom too.',
  },
] as const;
