/**
 * The final version (camera-ready) of an accepted paper (`docs/domain.md#final-version`): its settings' bounds. The
 * DTOs and inputs of the phase live here too.
 */

/** Supplementary material's size limit, in megabytes, when the event sets none; and the bounds a chair may set. */
export const SUPPLEMENTARY_MAX_MB_DEFAULT = 50;
export const SUPPLEMENTARY_MAX_MB_MIN = 1;
export const SUPPLEMENTARY_MAX_MB_MAX = 500;
