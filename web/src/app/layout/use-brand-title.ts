import type { Brand } from '@tamaq/contract/brand';
import { useEffect } from 'react';

/** The tab title follows the host's brand (docs/product.md "What it does": the project name switches by host). */
export function useBrandTitle(brand: Brand | undefined): void {
  useEffect(() => {
    if (brand) document.title = brand.name;
  }, [brand]);
}
