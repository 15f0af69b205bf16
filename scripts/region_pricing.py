#!/usr/bin/env python3
"""Writes per-region prices (`region_pricing`) into data/offerings.yaml from the reference price file.

Usage: scripts/region_pricing.py REFERENCE_CSV [--check]
  REFERENCE_CSV: ../shared/reference/skypilot-gpu-offerings.csv (columns cloud, instance_type,
  accelerator, count, ..., price, spot_price, region, zone, price_basis, source_repo, source_path,
  source_commit; SOURCES.md there names each cloud's file and commit).

For every AWS, Azure and GCP offering of data/offerings.yaml whose instance type the file lists:
- on_demand: the region's list price (the lowest over its zone rows; zones of a region repeat it);
  GCP: the host VM row plus the accelerator row of the same zone (GCP prices accelerators apart;
  SkyPilot's schema, the rule of `catalog import skypilot`), rounded to 6 decimals. An offering
  sold without on-demand (`pricing.on_demand: null`) gets none per region either.
- spot: the median over the region's zones whose spot price is given and differs from its on-demand
  price by more than 0.01% (AWS repeats the on-demand price, at times rounded, where a zone sells no spot); `null` where no zone sells it.
- spot_min: the cheapest such zone, where it differs from spot (a region without one ranks its spot).
- GCP: a region whose on-demand is below 0.6x the median of the offering's regions and whose spot is
  more than 0.4x it gets no on-demand: Google sells Spot VMs at 60-91% off on-demand
  (https://cloud.google.com/spot-vms/pricing), so the pair cannot both be list prices, and the
  on-demand half the other regions' is the one that is not (the H100 accelerator row reads 4.20076
  USD/GPU-h in seven regions against 9.80-12.74 elsewhere, with spot at 84-97% of it: another
  consumption SKU read as on-demand; expert review 43). Its spot stays.
GCP machine types that data/sources/gcp-billing-catalog.csv lists (the Cloud Billing Catalog's list
prices of the whole VM per region, scripts/gcp_billing_extract.py) take their prices from it instead:
on-demand, spot and, where the offering sells terms, the 1- and 3-year committed-use prices;
`pricing` becomes the prices of the offering's cheapest listed region, `as_of` the catalog's day
where it priced every region (else the older day of the reference file stays: one date covers the
offering's prices, and the oldest of them decides how stale they are; expert review 47), and
`source` says so. The SkyPilot-schema file's accelerator rows priced an A100 40 GB in
europe-west4 at 2.43 USD/h where the billing catalog lists 3.75, and an 8-GPU H100 in Tokyo not at
all (expert review 45). Regions the billing catalog does not list keep the reference file's
on-demand and spot (the source names them and their day) and sell no term: no commitment price is
known there (expert review 46: an estimated term in Tokyo beside the catalog's listed one).
Every region the file prices gets an entry (so no region rests on `pricing`, which stays the price
basis the offering's source names); entries the offering already has keep their other modes (the
capacity_block prices of AWS's Capacity Blocks page).
--check exits 1 when the file would change (it changes nothing).
"""
import collections
import csv
import re
import statistics
import sys

import yaml

OFFERINGS = 'data/offerings.yaml'
GCP_BILLING = 'data/sources/gcp-billing-catalog.csv'
CLOUDS = ('aws', 'azure', 'gcp')
REFERENCE_GCP_COMMIT = '62ff0a987e0c257a89235415d2877812fb1aaf29'  # the reference file's GCP rows (SOURCES.md)
REFERENCE_GCP_DAY = '2026-05-20'  # the day those rows were read (SOURCES.md)
NOTE = ('; region_pricing from the same file, per region: on-demand = the region\'s list price{gcp}, '
        'spot = median over its zones whose spot price differs from on-demand, spot_min = cheapest zone '
        '(scripts/region_pricing.py)')


def number(text):
    try:
        return float(text)
    except ValueError:
        return None


def rounded(value):
    return round(value, 6)


def load_rows(path):
    hosts = collections.defaultdict(list)        # (cloud, instance_type) -> rows
    accelerators = {}                            # GCP (accelerator, count, zone) -> row
    for row in csv.DictReader(open(path, newline='')):
        if row['cloud'] == 'gcp' and row['instance_type'] == '':
            accelerators[(row['accelerator'], float(row['count']), row['zone'])] = row
        else:
            hosts[(row['cloud'], row['instance_type'])].append(row)
    return hosts, accelerators


def zone_prices(offering, hosts, accelerators):
    """(region, on_demand or None, spot or None) per zone row of the offering's instance type."""
    cloud = offering['provider']
    accelerator = (offering.get('launch') or {}).get('accelerator')
    for row in hosts.get((cloud, offering.get('instance_type')), []):
        on_demand, spot = number(row['price']), number(row['spot_price'])
        if cloud == 'gcp':
            gpu_row = accelerators.get((accelerator, float(offering['gpu_count']), row['zone']))
            if gpu_row is None:
                continue
            gpu_on_demand, gpu_spot = number(gpu_row['price']), number(gpu_row['spot_price'])
            on_demand = rounded(on_demand + gpu_on_demand) if on_demand is not None and gpu_on_demand else None
            spot = rounded(spot + gpu_spot) if spot is not None and gpu_spot else None
        yield row['region'], on_demand, spot


def load_billing(path):
    """({instance_type: {region: {mode: price}}}, generated day, commit) of the billing-catalog CSV."""
    with open(path, newline='') as file:
        header = file.readline()
        match = re.search(r'generated (\d{4}-\d{2}-\d{2}).*pricing\.yml @([0-9a-f]+)', header)
        if not match:
            sys.exit(f'{path}:1: expected the header scripts/gcp_billing_extract.py writes')
        prices = collections.defaultdict(dict)
        for row in csv.DictReader(file):
            prices[row['instance_type']][row['region']] = {
                mode: float(row[mode]) for mode in ('on_demand', 'spot', 'reserved_1y', 'reserved_3y') if row[mode]}
    return prices, match.group(1), match.group(2)


def billing_entries(offering, billing):
    """GCP: region -> prices from the billing catalog for the offering's regions it lists (may be {})."""
    listed = billing.get(offering.get('instance_type'), {}) if offering['provider'] == 'gcp' else {}
    pricing = offering.get('pricing') or {}
    sold_on_demand = pricing.get('on_demand') is not None
    regions = offering.get('regions') or []
    # Committed-use prices where the offering sells terms (the billing catalog prices a commitment for
    # a3-highgpu-1g, which Google sells only as Spot and Flex-start VMs: `pricing.reserved_1y: null`).
    # A region it does not list gets no term (main): no commitment price is known there.
    with_terms = pricing.get('reserved_1y') is not None and any(
        'reserved_1y' in listed.get(region, {}) for region in regions)
    entries = {}
    for region in regions:
        if region not in listed:
            continue
        prices = listed[region]
        entry = {}
        if sold_on_demand:
            entry['on_demand'] = prices.get('on_demand')
        entry['spot'] = prices.get('spot')
        if with_terms:
            entry['reserved_1y'] = prices.get('reserved_1y')
            entry['reserved_3y'] = prices.get('reserved_3y')
        entries[region] = entry
    return entries, with_terms


def region_entries(offering, hosts, accelerators):
    by_region = collections.defaultdict(lambda: ([], []))
    for region, on_demand, spot in zone_prices(offering, hosts, accelerators):
        on_demands, spots = by_region[region]
        if on_demand is not None:
            on_demands.append(on_demand)
        # A zone without spot repeats the on-demand price, at times rounded to 4 decimals (32.9365 for
        # 32.93646): within 0.01% it is no spot price.
        if spot is not None and (on_demand is None or abs(spot - on_demand) > 1e-4 * on_demand):
            spots.append(spot)
    pricing = offering.get('pricing') or {}
    sold_on_demand = pricing.get('on_demand') is not None
    entries = {}
    for region in offering.get('regions') or []:
        if region not in by_region:
            continue
        on_demands, spots = by_region[region]
        entry = {}
        if sold_on_demand:
            entry['on_demand'] = min(on_demands) if on_demands else None
        entry['spot'] = rounded(statistics.median(spots)) if spots else None
        if spots and min(spots) != entry['spot']:
            entry['spot_min'] = min(spots)
        entries[region] = entry
    return entries


# GCP's Spot VMs are 60-91% off on-demand (https://cloud.google.com/spot-vms/pricing): spot above
# SPOT_SHARE_MAX of a region's on-demand that is also below REGION_SHARE_MIN of the median over the
# offering's regions marks that on-demand as no list price (module docstring).
SPOT_SHARE_MAX = 0.4
REGION_SHARE_MIN = 0.6


def drop_unlisted_on_demand(entries):
    on_demands = [entry['on_demand'] for entry in entries.values() if entry.get('on_demand')]
    if len(on_demands) < 3:
        return
    median = statistics.median(on_demands)
    for entry in entries.values():
        on_demand, spot = entry.get('on_demand'), entry.get('spot')
        if on_demand and spot and on_demand < REGION_SHARE_MIN * median and spot > SPOT_SHARE_MAX * on_demand:
            entry['on_demand'] = None


def text_of(value):
    if value is None:
        return 'null'
    return repr(float(value)).removesuffix('.0') if float(value) != int(value) else str(int(value))


def entry_line(region, entry):
    order = ['on_demand', 'spot', 'spot_min', 'reserved_1y', 'reserved_3y', 'monthly', 'yearly', 'capacity_block']
    fields = [f'region: {region}'] + [f'{key}: {text_of(entry[key])}' for key in order if key in entry]
    return '      - {' + ', '.join(fields) + '}\n'


def pricing_line(pricing):
    order = ['on_demand', 'spot', 'reserved_1y', 'reserved_3y']
    keys = [key for key in order if key in pricing] + [key for key in pricing if key not in order]
    return '    pricing: {' + ', '.join(f'{key}: {text_of(pricing[key])}' for key in keys) + '}\n'


def with_billing_basis(lines, merged, billed):
    """A billing-priced GCP offering's `pricing`, `as_of`, `source` and estimated fields (module docstring)."""
    regions, with_terms, generated, commit = billed['regions'], billed['with_terms'], billed['generated'], billed['commit']
    def basis_key(region):
        entry = merged[region]
        return (entry.get('on_demand') is None, entry.get('on_demand') or entry.get('spot') or 0, region)
    base = min(regions, key=basis_key)
    out = []
    for line in lines:
        if line.startswith('    pricing: {'):
            pricing = yaml.safe_load(line.strip())['pricing']
            old_on_demand = pricing.get('on_demand')
            new = merged[base]
            if old_on_demand is not None and new.get('on_demand'):
                # An estimated term keeps its share of on-demand.
                for term in ('reserved_1y', 'reserved_3y'):
                    if term in pricing and not with_terms:
                        pricing[term] = rounded(pricing[term] / old_on_demand * new['on_demand'])
                pricing['on_demand'] = new['on_demand']
            if new.get('spot') is not None:
                pricing['spot'] = new['spot']
            for term in ('reserved_1y', 'reserved_3y'):
                if with_terms and new.get(term) is not None:
                    pricing[term] = new[term]
            line = pricing_line(pricing)
        elif line.startswith('    as_of: '):
            line = f'    as_of: "{generated if billed["all_regions"] else min(generated, REFERENCE_GCP_DAY)}"\n'
        elif line.startswith('    source: "'):
            others = [region for region in merged if region not in regions]
            rest = (f'; {", ".join(sorted(others))} from anycloud-sh/catalog gcp/vms.csv @{REFERENCE_GCP_COMMIT} '
                    '(read 2026-05-20; host VM + accelerator of the same zone, spot = median over its zones'
                    f'{", no commitment price known there" if with_terms else ""})' if others else '')
            terms = ('1- and 3-year committed-use prices per region from the same catalog' if with_terms
                     else 'reserved terms estimated off on-demand')
            line = (f'    source: "Cloud Billing Catalog list prices of the whole VM (GPUs included) per region, '
                    f'generated {generated} (Cyclenerd/google-cloud-pricing-cost-calculator pricing.yml @{commit}, '
                    f'extracted to {GCP_BILLING}); pricing = the cheapest listed region, {base}; {terms}{rest} '
                    '(scripts/region_pricing.py)"\n')
        elif line.startswith('    estimated_fields: [') and with_terms:
            fields = [field.strip() for field in line.split('[', 1)[1].rsplit(']', 1)[0].split(',')]
            fields = [field for field in fields if field and field not in ('pricing.reserved_1y', 'pricing.reserved_3y')]
            line = '    estimated_fields: [' + ', '.join(fields) + ']\n' if fields else ''
        out.append(line)
    return out


def rewrite(lines, offering, entries, billed=None):
    """lines of one offering's block, with its region_pricing written from entries; `billed`: the
    regions priced from the billing catalog (with_billing_basis)."""
    out, existing, index = [], {}, 0
    while index < len(lines):
        line = lines[index]
        if line.startswith('    region_pricing:'):
            index += 1
            while index < len(lines) and lines[index].startswith('      - {'):
                item = yaml.safe_load(lines[index].strip()[2:])
                existing[item.pop('region')] = item
                index += 1
            continue
        out.append(line)
        index += 1
    merged = {}
    for region in offering.get('regions') or []:
        entry = dict(existing.get(region, {}))
        if region in entries:
            for key in ('on_demand', 'spot', 'spot_min', 'reserved_1y', 'reserved_3y'):
                entry.pop(key, None)
            entry.update(entries[region])
        if entry:
            merged[region] = entry
    if merged:
        at = next(i for i, line in enumerate(out) if line.startswith('    pricing:')) + 1
        while at < len(out) and out[at].lstrip().startswith('#'):
            at += 1
        block = ['    region_pricing:\n'] + [entry_line(region, merged[region]) for region in sorted(merged)]
        out[at:at] = block
    if billed:
        out = with_billing_basis(out, merged, billed)
    elif entries:
        for i, line in enumerate(out):
            if line.startswith('    source: "') and 'region_pricing' not in line:
                note = NOTE.format(gcp=' (host VM + accelerator of the same zone)' if offering['provider'] == 'gcp' else '')
                out[i] = line.rstrip('\n')[:-1] + note + '"\n'
    return out


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    hosts, accelerators = load_rows(sys.argv[1])
    billing, generated, commit = load_billing(GCP_BILLING)
    text = open(OFFERINGS).read()
    offerings = {o['id']: o for o in yaml.safe_load(text)['offerings']}
    lines = text.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if re.match(r'  - id: ', line)] + [len(lines)]
    out = lines[:starts[0]]
    for begin, end in zip(starts, starts[1:]):
        block = lines[begin:end]
        offering_id = yaml.safe_load(block[0].strip()[2:])['id']
        offering = offerings[offering_id]
        if offering['provider'] in CLOUDS:
            entries = region_entries(offering, hosts, accelerators)
            billed_entries, with_terms = billing_entries(offering, billing)
            entries.update(billed_entries)
            if offering['provider'] == 'gcp':
                drop_unlisted_on_demand(entries)
            billed = None
            if billed_entries:
                billed = {'regions': set(billed_entries), 'with_terms': with_terms, 'generated': generated,
                          'commit': commit,
                          'all_regions': set(billed_entries) == set(offering.get('regions') or [])}
                if with_terms:
                    for region, entry in entries.items():
                        if region not in billed_entries:
                            entry['reserved_1y'] = entry['reserved_3y'] = None
            block = rewrite(block, offering, entries, billed) if entries else block
        out.extend(block)
    result = ''.join(out)
    if '--check' in sys.argv:
        sys.exit(0 if result == text else 1)
    open(OFFERINGS, 'w').write(result)


if __name__ == '__main__':
    main()
