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
CLOUDS = ('aws', 'azure', 'gcp')
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
    if offering['provider'] == 'gcp':
        drop_unlisted_on_demand(entries)
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


def rewrite(lines, offering, entries):
    """lines of one offering's block, with its region_pricing written from entries."""
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
            for key in ('on_demand', 'spot', 'spot_min'):
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
    if entries:
        for i, line in enumerate(out):
            if line.startswith('    source: "') and 'region_pricing' not in line:
                note = NOTE.format(gcp=' (host VM + accelerator of the same zone)' if offering['provider'] == 'gcp' else '')
                out[i] = line.rstrip('\n')[:-1] + note + '"\n'
    return out


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    hosts, accelerators = load_rows(sys.argv[1])
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
            block = rewrite(block, offering, entries) if entries else block
        out.extend(block)
    result = ''.join(out)
    if '--check' in sys.argv:
        sys.exit(0 if result == text else 1)
    open(OFFERINGS, 'w').write(result)


if __name__ == '__main__':
    main()
