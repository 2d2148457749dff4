import { describe, expect, it } from 'vitest';
import { readAuditFilters, readQueueFilters, writeAuditFilters, writeQueueFilters } from './filters';

describe('queue filters in the URL', () => {
  it('reads open and no filter from a bare URL, and writes a bare URL back', () => {
    const f = readQueueFilters(new URLSearchParams(''));
    expect(f).toEqual({ status: 'open', reason: undefined, kind: undefined, olderThanHours: undefined });
    expect(writeQueueFilters(f).toString()).toBe('');
  });

  it('round-trips every filter', () => {
    const url = 'status=dismissed&reason=hate&kind=message&older=24';
    const f = readQueueFilters(new URLSearchParams(url));
    expect(f).toEqual({ status: 'dismissed', reason: 'hate', kind: 'message', olderThanHours: 24 });
    expect(writeQueueFilters(f).toString()).toBe(url);
  });

  it('ignores what the server would refuse: unknown values, a bad or too large age', () => {
    for (const older of ['-3', '1.5', 'abc', '0', `${24 * 365 + 1}`]) {
      const f = readQueueFilters(new URLSearchParams(`status=closed&reason=rude&kind=story&older=${older}`));
      expect(f).toEqual({ status: 'open', reason: undefined, kind: undefined, olderThanHours: undefined });
    }
  });
});

describe('audit filters in the URL', () => {
  it('takes usernames as staff type them and drops empty ones', () => {
    const f = readAuditFilters(new URLSearchParams('actor=%40mod1+&member=&action=suspend'));
    expect(f).toEqual({ actor: 'mod1', member: undefined, action: 'suspend' });
    expect(writeAuditFilters({ actor: ' @mod1', member: '  ', action: 'ban' }).toString()).toBe(
      'actor=mod1&action=ban',
    );
  });
});
