import { Bar, BarChart as RechartsBarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartPoint {
  /** Short label on the axis ("24.11."). */
  label: string;
  value: number;
}

export interface BarChartProps {
  points: readonly ChartPoint[];
  /** The value as the tooltip and the axis show it (CHF, a count). */
  formatValue: (value: number) => string;
  height?: number;
}

/**
 * A bar chart in the design's colours (Recharts). It is for the eye only: the summary and the
 * table that always go with it (see FigureChart) say the same to everyone else.
 */
export default function BarChart({ points, formatValue, height = 220 }: BarChartProps) {
  return (
    <div aria-hidden="true" className="admin-chart-canvas">
      <ResponsiveContainer width="100%" height={height}>
        <RechartsBarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis
            dataKey="label"
            tickLine={false}
            axisLine={{ stroke: 'var(--color-border-strong)' }}
            tick={{ fill: 'var(--color-muted)', fontSize: 12 }}
            interval="preserveStartEnd"
            minTickGap={16}
          />
          <YAxis
            tickLine={false}
            axisLine={false}
            tick={{ fill: 'var(--color-muted)', fontSize: 12 }}
            tickFormatter={(value: number) => formatValue(value)}
            width={72}
            allowDecimals={false}
          />
          <Tooltip
            cursor={{ fill: 'var(--color-subtle)' }}
            formatter={(value) => formatValue(Number(value))}
            contentStyle={{
              background: 'var(--color-surface)',
              border: '1px solid var(--color-border)',
              borderRadius: 2,
              color: 'var(--color-text)',
            }}
            labelStyle={{ color: 'var(--color-text)' }}
          />
          <Bar dataKey="value" fill="var(--color-text)" radius={[1, 1, 0, 0]} isAnimationActive={false} />
        </RechartsBarChart>
      </ResponsiveContainer>
    </div>
  );
}
