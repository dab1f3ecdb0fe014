import { useTranslation } from 'react-i18next';
import { MAX_SCORE, scoreLabel, type PlayChart } from './play-chart.js';

type PlayChartViewProps = { chart: PlayChart; formatDate: (time: number) => string };

/**
 * A plain table (readable by screen readers and without styles) whose cells draw a bar: the
 * taller, the more the category was played with in that rotation.
 */
export function PlayChartView({ chart, formatDate }: PlayChartViewProps) {
  const { t } = useTranslation('history');
  if (chart.rows.length === 0) return null;
  return (
    <div className="tr-chart-scroll">
      <table className="tr-chart" data-testid="play-chart">
        <caption>{t('chart.caption', { count: chart.columns.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.category')}</th>
            {chart.columns.map((rotation) => (
              <th key={rotation.id} scope="col">
                {formatDate(rotation.createdAt)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((row) => (
            <tr key={row.categoryId}>
              <th scope="row">{row.name}</th>
              {row.cells.map((cell) => {
                const label = cell.out === 0 ? t('chart.notOut') : scoreLabel(cell.score);
                const height = cell.score === null ? 0 : 8 + (92 * cell.score) / MAX_SCORE;
                return (
                  <td key={cell.rotationId} title={label}>
                    <span className="tr-chart__bar" aria-hidden="true" data-empty={cell.score === null}>
                      <span style={{ height: `${height}%` }} />
                    </span>
                    <span className="tr-chart__label">{label}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
