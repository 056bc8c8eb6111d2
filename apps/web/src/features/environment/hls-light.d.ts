// hls.js ships no types for its light build (no subtitles, alternate audio or DRM — cameras need none); it has the full build's API.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
