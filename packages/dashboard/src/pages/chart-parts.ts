/**
 * Chart.js with only the parts the daily chart draws (bars, a line, two axes, legend, tooltip),
 * registered once: loaded on demand with the payments page, so the rest of Chart.js is left out.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

export { Chart };
