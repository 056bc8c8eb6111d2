export { DATE_TIME, DEFAULT_TIME_ZONE, formatInZone, formatTime, fromWallClock, isKnownZone, toWallClock, zoneOrDefault, type TimePattern } from './format';
export { fromPickerValue, toPickerValue } from './picker-value';
export { useFormatTime, useProjectZone, useZoneOfProject } from './project-zone';
