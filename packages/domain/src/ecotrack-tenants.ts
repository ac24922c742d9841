// Couriers that run on the Ecotrack platform: each answers the same API on its own host,
// https://{key}.ecotrack.dz, with a token its dashboard gives. The list is data the admin offers
// when adding an account; a courier not listed is added with its host typed in.
export interface EcotrackTenant {
  key: string;
  name: string;
}

export const ECOTRACK_TENANTS: readonly EcotrackTenant[] = [
  { key: 'dhd', name: 'DHD' },
  { key: 'conexlog', name: 'Conexlog' },
  { key: 'packers', name: 'Packers' },
  { key: 'worldexpress', name: 'World Express' },
  { key: 'msmgo', name: 'MSM Go' },
  { key: 'golivri', name: 'Golivri' },
  { key: 'anderson-ecommerce', name: 'Anderson E-commerce' },
];

/** The tenant's API host. */
export function ecotrackHost(key: string): string {
  return `https://${key}.ecotrack.dz`;
}
