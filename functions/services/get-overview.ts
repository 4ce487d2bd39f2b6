import type { AdminOverviewResponse } from '@linea/shared/contracts/admin';
import { computeOverview } from '@linea/shared/domain/stats';
import { orders as orderRepository, type createOrderRepository } from '../data/order-repository';
import { products as productRepository, type ProductRepository } from '../data/product-repository';

export async function getOverview(
  deps: { orders: ReturnType<typeof createOrderRepository>; products: ProductRepository } = {
    orders: orderRepository,
    products: productRepository,
  },
): Promise<AdminOverviewResponse> {
  const [allOrders, productCount] = await Promise.all([deps.orders.listForStats(), deps.products.countAll()]);
  return { ...computeOverview(allOrders), productCount };
}
