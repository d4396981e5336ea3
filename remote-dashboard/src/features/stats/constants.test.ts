import * as contracts from 'contracts';
import * as local from './constants';

test('the dashboard’s copies of the statistics constants equal the contract’s', () => {
  expect(local.STATS_RANGES).toEqual(contracts.STATS_RANGES);
  expect(local.DEFAULT_STATS_RANGE).toBe(contracts.DEFAULT_STATS_RANGE);
  expect(local.RANGE_HOURS).toEqual(contracts.RANGE_HOURS);
  expect(local.STATS_MAX_RANGE_DAYS).toBe(contracts.STATS_MAX_RANGE_DAYS);
  expect(local.STATS_HOURLY_MAX_HOURS).toBe(contracts.STATS_HOURLY_MAX_HOURS);
});
