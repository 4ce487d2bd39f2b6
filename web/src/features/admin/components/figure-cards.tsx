export interface FigureCard {
  label: string;
  value: string;
  hint?: string;
}

/** Key figures as a description list: each label names its value for every reader. */
export function FigureCards({ cards }: { cards: readonly FigureCard[] }) {
  return (
    <dl className="admin-cards">
      {cards.map((card) => (
        <div key={card.label} className="admin-card">
          <dt>{card.label}</dt>
          <dd className="admin-card-value">{card.value}</dd>
          {card.hint ? <dd className="admin-card-hint">{card.hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
