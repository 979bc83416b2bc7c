import { Link } from 'react-router';
import classes from './board-table.module.css';

/** 'Cobro vencido' under a company's name (owners): a plain link (thousands of rows) to its account statement. */
export function OverdueMark({ businessId }: { businessId: number }) {
  return (
    <Link
      to={`/cobranza/empresa/${businessId}`}
      className={classes.overdueMark}
      data-tooltip="La empresa tiene cobros de honorarios vencidos e impagos"
    >
      Cobro vencido
    </Link>
  );
}
