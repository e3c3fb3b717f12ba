import { formatMoney } from '@/lib/money';
import type { Order } from '../api/orders';

/** A price table's first rows: the package, then each extra, with their prices. */
export function PackageRows({ order }: { order: Pick<Order, 'package' | 'extras'> }) {
  return (
    <>
      <tr>
        <th scope="row">{order.package.name} package</th>
        <td>{formatMoney(order.package.price)}</td>
      </tr>
      {order.extras.map((extra) => (
        <tr key={extra.index}>
          <th scope="row">{extra.title}</th>
          <td>{formatMoney(extra.price)}</td>
        </tr>
      ))}
    </>
  );
}
