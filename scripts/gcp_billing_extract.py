#!/usr/bin/env python3
"""Extracts the GPU machine types' list prices per region from the Cloud Billing Catalog, as
Cyclenerd/google-cloud-pricing-cost-calculator's pricing.yml has them, into a small CSV that
scripts/region_pricing.py reads for GCP (docs/catalog.md "GCP prices from the Cloud Billing Catalog").

Usage: scripts/gcp_billing_extract.py PRICING_YML COMMIT > data/sources/gcp-billing-catalog.csv
  PRICING_YML: pricing.yml of https://github.com/Cyclenerd/google-cloud-pricing-cost-calculator
  (generated weekly from the Cloud Billing Catalog API; `about.generated` names the day);
  COMMIT: the repository commit the file was read at (written into the CSV's header).
Columns: instance_type, region, on_demand (`hour`), spot (`hour_spot`), reserved_1y and reserved_3y
(`month_1y` and `month_3y` / 730, the file's hours in a month; empty where the file gives none), all
USD per instance-hour, the whole machine (host VM and its GPUs).
"""
import csv
import sys
import time

import yaml

# The machine types of the built-in GCP offerings whose VM price includes its GPUs (A2, A3, A4, G2);
# N1 hosts take their GPUs apart and are not extracted.
PREFIXES = ('a2-', 'a3-', 'a4-', 'g2-')
HOURS_PER_MONTH = 730


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    data = yaml.load(open(sys.argv[1]), Loader=getattr(yaml, 'CSafeLoader', yaml.SafeLoader))
    generated = time.strftime('%Y-%m-%d', time.strptime(data['about']['generated'].strip(), '%a %b %d %H:%M:%S %Y'))
    out = sys.stdout
    out.write(f'# Cloud Billing Catalog list prices, generated {generated}, read from '
              f'Cyclenerd/google-cloud-pricing-cost-calculator pricing.yml @{sys.argv[2]} '
              f'(scripts/gcp_billing_extract.py)\n')
    writer = csv.writer(out, lineterminator='\n')
    writer.writerow(['instance_type', 'region', 'on_demand', 'spot', 'reserved_1y', 'reserved_3y'])
    for instance_type, machine in sorted(data['compute']['instance'].items()):
        if not instance_type.startswith(PREFIXES):
            continue
        for region, cost in sorted((machine.get('cost') or {}).items()):
            def per_hour(key, scale=1.0):
                value = cost.get(key)
                return '' if value is None else repr(round(float(value) / scale, 6))
            writer.writerow([instance_type, region, per_hour('hour'), per_hour('hour_spot'),
                             per_hour('month_1y', HOURS_PER_MONTH), per_hour('month_3y', HOURS_PER_MONTH)])


if __name__ == '__main__':
    main()
