/** The main journeys in WebKit (WebKitGTK), through WebKitWebDriver (engines/journeys.ts). */

import { journeys } from './journeys.ts';
import { webkit } from './webkit.ts';

journeys(webkit);
