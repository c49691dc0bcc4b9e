import { useEffect, useRef } from 'react';

export interface ChartSeries {
  label: string;
  values: number[];
}

/**
 * One chart of the report, drawn with Chart.js. The library is imported when a chart first mounts,
 * so only this page downloads it; the table beside each chart carries the same figures for screen
 * readers and for print.
 */
export function ReportChart({
  title,
  kind,
  labels,
  series,
}: {
  title: string;
  kind: 'bar' | 'doughnut' | 'line';
  labels: string[];
  series: ChartSeries[];
}) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void import('chart.js/auto').then(({ default: Chart }) => {
      if (cancelled || !canvas.current) return;
      chart = new Chart(canvas.current, {
        type: kind,
        data: { labels, datasets: series.map((s) => ({ label: s.label, data: s.values })) },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { display: series.length > 1 || kind === 'doughnut' } },
        },
      });
      canvas.current.dataset.drawn = 'true';
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [kind, labels, series]);

  return (
    <div className="relative h-64">
      <canvas ref={canvas} role="img" aria-label={`${title} (chart; the table beside it has the figures)`} />
    </div>
  );
}
