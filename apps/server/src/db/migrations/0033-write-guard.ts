import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreKind } from '../migrate.js';

/**
 * Issue 16 (the ingest goal), PostgreSQL only: `ems_write_guard`, the statement that heads every write
 * transaction of readings (modules/timeseries/repository.ts), as a function so that its queries are
 * planned once per connection instead of once per write (as an anonymous DO block they were: ~0.6 ms
 * of a ~7 ms write). In one call it
 * - takes the shared lock that keeps the day-row compaction from committing until the write has
 *   (`pg_advisory_xact_lock_shared`, per schema);
 * - fails with SQLSTATE EMSDR when a touched series has day rows on or after the day of its earliest
 *   touched ts (`fd`, `fk`, `ff`: device, data point, that day; looked at only when `first_day`, the
 *   earliest of them, is not after `series_days_mark`): the write must move them back to rows first;
 * - fails with SQLSTATE EMSTL when a series tail the write planned from is not as stored
 *   (modules/timeseries/tails.ts): per tail (`td`, `tk`, `tlo` its first reading's ts, `tfh` its first
 *   hour) the series' pyramid cells from that hour on must be exactly the tail's (`cd`, `ck`, `cb`
 *   hour, `cx` the cell's `xmin` as text), no reset may be declared after `tlo`, and `tail_day`, the
 *   earliest tail's day, must be after `series_days_mark`;
 * - returns the transaction's id as the `xmin` of the rows it writes shows it (32 bits, text).
 * Every lookup is by index, one per series (`offset 0` keeps the planner from joining whole tables).
 */
export function writeGuard(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== 'postgres') return;
      await sql`create or replace function ems_write_guard(
          fd int[], fk int[], ff bigint[], first_day bigint,
          td int[], tk int[], tlo bigint[], tfh bigint[], tail_day bigint,
          cd int[], ck int[], cb bigint[], cx text[]) returns text
        language plpgsql as $guard$
        declare
          mark bigint;
        begin
          perform pg_advisory_xact_lock_shared(hashtext('ems.series_days.' || current_schema()));
          select coalesce(max(max_day), 9007199254740991) into mark from series_days_mark;
          if first_day <= mark then
            if exists (select 1 from unnest(fd, fk, ff) as s(d, k, f)
                where exists (select 1 from reading_day x where x.device_id = s.d and x.data_id = s.k and x.day >= s.f offset 0)
                   or exists (select 1 from rollup_15m_day x where x.device_id = s.d and x.data_id = s.k and x.day >= s.f offset 0)) then
              raise exception 'a series'' day rows must be reopened' using errcode = 'EMSDR';
            end if;
          end if;
          if cardinality(td) > 0 then
            if tail_day <= mark
                or not (select count(*) = cardinality(cd) and count(e.d) = cardinality(cd)
                          from unnest(td, tk, tfh) as s(d, k, fh)
                          cross join lateral (select h.bucket_start as b, h.xmin::text as x from reading_hour h
                            where h.device_id = s.d and h.data_id = s.k and h.bucket_start >= s.fh offset 0) h
                          left join unnest(cd, ck, cb, cx) as e(d, k, b, x) on e.d = s.d and e.k = s.k and e.b = h.b and e.x = h.x)
                or exists (select 1 from unnest(td, tk, tlo) as s(d, k, lo)
                             cross join lateral (select 1 from counter_reset c
                               where c.device_id = s.d and c.data_id = s.k and c.ts > s.lo offset 0) c) then
              raise exception 'a series'' newest readings are not as this writer last wrote them' using errcode = 'EMSTL';
            end if;
          end if;
          return (txid_current() % 4294967296)::text;
        end
        $guard$`.execute(db);
    },
  };
}
