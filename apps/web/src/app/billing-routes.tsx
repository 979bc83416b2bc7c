import { lazy } from 'react';
import { BillingPage } from '../features/billing/pages/billing-page';

// Loaded when Configuración shows it, not with the charges.
const WhatsAppSettingsCard = lazy(() =>
  import('../features/whatsapp/components/whatsapp-settings-card').then((m) => ({ default: m.WhatsAppSettingsCard })),
);

/**
 * /cobranza with, in its 'Configuración', the WhatsApp channel's card (owners), composed here because
 * features do not import each other.
 */
export function BillingRoute() {
  return <BillingPage SettingsExtra={WhatsAppSettingsCard} />;
}
