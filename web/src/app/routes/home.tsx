import { HealthStatus } from '@/features/health/components/health-status';
import { HomePage } from '@/features/home/components/home-page';
import { ServiceCategories } from '@/features/services/components/service-categories';

/** `/`: the home feature's page with the health and services features slotted in. */
export function Component() {
  return <HomePage status={<HealthStatus />} categories={<ServiceCategories />} />;
}
