import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { projectsQuery } from '../api/projects';
import { useSession } from '../session';
import { DEFAULT_TIME_ZONE, formatTime, zoneOrDefault, type TimePattern } from './format';

/**
 * The time zone every page of the current project computes and shows times in: the project's own
 * (its info, loaded with the session). Outside a project (platform level) the default zone; a record
 * of a given project is shown in that project's zone (useZoneOfProject).
 */
export function useProjectZone(): string {
  return zoneOrDefault(useSession((s) => s.projectInfo?.timezone));
}

/** `(ms, pattern?) => text` in the current project's zone, '--' for a missing time. */
export function useFormatTime(): (ms: number | null | undefined, pattern?: TimePattern) => string {
  const zone = useProjectZone();
  return useCallback((ms, pattern) => formatTime(ms, zone, pattern), [zone]);
}

/**
 * Zone of any of the caller's projects by id (platform level lists several): the current project's
 * from the session, the others' from the project list (read at platform level), the default until
 * that has loaded.
 */
export function useZoneOfProject(): (projectId: number | null | undefined) => string {
  const session = useSession((s) => s.projectInfo);
  const platform = useSession((s) => s.projectInfo === null && s.module === 'pf' && s.token !== null);
  const projects = useQuery({ ...projectsQuery(), enabled: platform });
  return useCallback(
    (projectId) => {
      if (session && (projectId === undefined || projectId === null || projectId === session.projectId)) return zoneOrDefault(session.timezone);
      return zoneOrDefault(projects.data?.find((p) => p.projectId === projectId)?.timezone ?? DEFAULT_TIME_ZONE);
    },
    [session, projects.data],
  );
}
