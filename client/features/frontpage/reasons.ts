import { ClockIcon, CloudOffIcon, HomeIcon, PuzzleIcon, SparkleIcon, SproutIcon } from '../../components/icons.js';

/** The front page's reasons; each one's title and text are `public:front.reasons.<key>`. */
export const REASONS = [
  { Icon: PuzzleIcon, key: 'play' },
  { Icon: SparkleIcon, key: 'new' },
  { Icon: HomeIcon, key: 'calm' },
  { Icon: SproutIcon, key: 'grow' },
  { Icon: ClockIcon, key: 'fast' },
  { Icon: CloudOffIcon, key: 'offline' },
] as const;
