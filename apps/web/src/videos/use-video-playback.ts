import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface VideoPlayback {
  playing: boolean;
  currentTime: number;
  duration: number;
  muted: boolean;
  /** 0 to 1. */
  volume: number;
  fullscreen: boolean;
  /** The video could not be loaded (its address failed or the format is not playable). */
  failed: boolean;
  togglePlay(): void;
  seekTo(seconds: number): void;
  seekBy(seconds: number): void;
  toggleMute(): void;
  setVolume(volume: number): void;
  toggleFullscreen(): void;
  /** Loads the video again after a failure. */
  reload(): void;
}

/** The state of a `<video>` element, read from its own events, and the actions its custom controls take. */
export function useVideoPlayback(
  videoRef: RefObject<HTMLVideoElement | null>,
  frameRef: RefObject<HTMLElement | null>,
): VideoPlayback {
  const [playing, setPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [muted, setMuted] = useState(false);
  const [volume, setVolumeState] = useState(1);
  const [fullscreen, setFullscreen] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const readTime = () => setCurrentTime(video.currentTime);
    const readDuration = () => setDuration(Number.isFinite(video.duration) ? video.duration : 0);
    const readVolume = () => {
      setMuted(video.muted);
      setVolumeState(video.volume);
    };
    const listeners: Array<[keyof HTMLMediaElementEventMap, () => void]> = [
      ['play', () => setPlaying(true)],
      ['pause', () => setPlaying(false)],
      ['ended', () => setPlaying(false)],
      ['timeupdate', readTime],
      ['seeked', readTime],
      ['loadedmetadata', readDuration],
      ['durationchange', readDuration],
      ['volumechange', readVolume],
      ['error', () => setFailed(true)],
      ['loadeddata', () => setFailed(false)],
    ];
    for (const [name, listener] of listeners) video.addEventListener(name, listener);
    readDuration();
    readVolume();
    if (video.error) setFailed(true);
    return () => {
      for (const [name, listener] of listeners) video.removeEventListener(name, listener);
    };
  }, [videoRef]);

  useEffect(() => {
    const readFullscreen = () =>
      setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', readFullscreen);
    return () => document.removeEventListener('fullscreenchange', readFullscreen);
  }, [frameRef]);

  const seekTo = useCallback(
    (seconds: number) => {
      const video = videoRef.current;
      if (!video) return;
      const end = Number.isFinite(video.duration) ? video.duration : seconds;
      video.currentTime = Math.min(Math.max(seconds, 0), end);
      setCurrentTime(video.currentTime);
    },
    [videoRef],
  );

  return {
    playing,
    currentTime,
    duration,
    muted,
    volume,
    fullscreen,
    failed,
    togglePlay: () => {
      const video = videoRef.current;
      if (!video) return;
      if (video.paused || video.ended) video.play().catch(() => setPlaying(false));
      else video.pause();
    },
    seekTo,
    seekBy: (seconds) => seekTo((videoRef.current?.currentTime ?? 0) + seconds),
    toggleMute: () => {
      const video = videoRef.current;
      if (video) video.muted = !video.muted;
    },
    setVolume: (next) => {
      const video = videoRef.current;
      if (!video) return;
      video.volume = Math.min(Math.max(next, 0), 1);
      video.muted = next === 0;
    },
    toggleFullscreen: () => {
      const frame = frameRef.current;
      if (!frame) return;
      if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
      else frame.requestFullscreen().catch(() => undefined);
    },
    reload: () => {
      setFailed(false);
      videoRef.current?.load();
    },
  };
}

/** 75 → '1:15', 3725 → '1:02:05'. */
export function formatPlaybackTime(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
