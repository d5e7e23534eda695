/** The main journeys in Firefox ESR, over WebDriver BiDi (engines/journeys.ts). */

import { firefox } from './firefox.ts';
import { journeys } from './journeys.ts';

journeys(firefox);
