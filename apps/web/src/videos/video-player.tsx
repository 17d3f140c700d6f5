import { VIDEO_KEYBOARD_SEEK_SECONDS, VIDEO_VOLUME_STEP, videoMessages } from '@castbase/contracts';
import { ActionIcon, Box, Button, Group, Slider, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { AlertIcon, PlayIcon } from '../shared/icons/icons.js';
import { ExitFullscreenIcon, FullscreenIcon, MutedIcon, PauseIcon, VolumeIcon } from './player-icons.js';
import { formatPlaybackTime, useVideoPlayback, type VideoPlayback } from './use-video-playback.js';
import classes from './video-player.module.css';

interface VideoPlayerProps {
  src: string;
  /** Names the player and its video for assistive tech. */
  title: string;
  poster?: string | null;
  autoPlay?: boolean;
  /** Takes focus when the dialog it is in opens (Mantine's `data-autofocus`). */
  focusOnOpen?: boolean;
}

/**
 * A video with its own controls: play/pause, a seek bar, the time, mute, volume (step 0.1) and fullscreen. While
 * the player has focus: Space plays or pauses, M mutes, F toggles fullscreen, Left and Right seek 10 s.
 */
export function VideoPlayer({ src, title, poster, autoPlay = false, focusOnOpen = false }: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const playback = useVideoPlayback(videoRef, frameRef);
  const hintId = useId();

  return (
    <div
      ref={frameRef}
      className={classes.frame}
      role="group"
      aria-label={`Video player: ${title}`}
      aria-describedby={hintId}
      aria-keyshortcuts="Space M F ArrowLeft ArrowRight"
      tabIndex={0}
      data-fullscreen={playback.fullscreen || undefined}
      data-autofocus={focusOnOpen || undefined}
      onKeyDownCapture={(event) => handlePlayerKey(event, playback)}
    >
      <VisuallyHidden id={hintId}>
        Keyboard: Space plays or pauses, M mutes, F toggles full screen, Left and Right arrows seek{' '}
        {VIDEO_KEYBOARD_SEEK_SECONDS} seconds.
      </VisuallyHidden>
      <div className={classes.screen}>
        <video
          ref={videoRef}
          className={classes.video}
          src={src}
          poster={poster ?? undefined}
          preload="metadata"
          playsInline
          autoPlay={autoPlay}
          aria-label={title}
          onClick={playback.togglePlay}
        />
        {playback.failed && <VideoLoadFailure onRetry={playback.reload} />}
      </div>
      <PlayerControls playback={playback} />
    </div>
  );
}

/** Keys the focused player answers; a focused button keeps Space, the volume slider keeps its arrows. */
function handlePlayerKey(event: KeyboardEvent<HTMLDivElement>, playback: VideoPlayback) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target as HTMLElement;
  const onButton = target.closest('button, a') !== null;
  const onVolume = target.closest('[data-player-volume]') !== null;
  const act = (action: () => void) => {
    event.preventDefault();
    event.stopPropagation();
    action();
  };
  switch (event.key) {
    case ' ':
      if (!onButton) act(playback.togglePlay);
      return;
    case 'm':
    case 'M':
      act(playback.toggleMute);
      return;
    case 'f':
    case 'F':
      act(playback.toggleFullscreen);
      return;
    case 'ArrowLeft':
      if (!onVolume) act(() => playback.seekBy(-VIDEO_KEYBOARD_SEEK_SECONDS));
      return;
    case 'ArrowRight':
      if (!onVolume) act(() => playback.seekBy(VIDEO_KEYBOARD_SEEK_SECONDS));
      return;
    default:
      return;
  }
}

function PlayerControls({ playback }: { playback: VideoPlayback }) {
  const time = `${formatPlaybackTime(playback.currentTime)} / ${formatPlaybackTime(playback.duration)}`;
  return (
    <Stack gap={2} className={classes.controls}>
      <Slider
        thumbLabel="Seek"
        thumbProps={{ 'aria-valuetext': time.replace(' / ', ' of ') }}
        min={0}
        max={Math.max(playback.duration, 0.1)}
        step={0.1}
        value={Math.min(playback.currentTime, playback.duration)}
        onChange={playback.seekTo}
        label={formatPlaybackTime}
        size="sm"
        thumbSize={24}
        disabled={playback.duration === 0}
      />
      <Group gap="xs" wrap="nowrap">
        <ControlButton
          label={playback.playing ? 'Pause' : 'Play'}
          onClick={playback.togglePlay}
          icon={playback.playing ? <PauseIcon /> : <PlayIcon />}
        />
        <Text size="sm" className={classes.time} aria-hidden>
          {time}
        </Text>
        <Box style={{ flex: 1 }} />
        <ControlButton
          label={playback.muted ? 'Unmute' : 'Mute'}
          onClick={playback.toggleMute}
          icon={playback.muted ? <MutedIcon /> : <VolumeIcon />}
        />
        <Slider
          data-player-volume
          thumbLabel="Volume"
          thumbProps={{ 'aria-valuetext': `${Math.round(playback.volume * 100)}%` }}
          min={0}
          max={1}
          step={VIDEO_VOLUME_STEP}
          value={playback.muted ? 0 : playback.volume}
          onChange={playback.setVolume}
          label={(value) => `${Math.round(value * 100)}%`}
          size="sm"
          w={{ base: 64, xs: 96 }}
        />
        <ControlButton
          label={playback.fullscreen ? 'Exit full screen' : 'Full screen'}
          onClick={playback.toggleFullscreen}
          icon={playback.fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
        />
      </Group>
    </Stack>
  );
}

function ControlButton({ label, onClick, icon }: { label: string; onClick: () => void; icon: ReactNode }) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray.0"
      c="white"
      size={44}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      {icon}
    </ActionIcon>
  );
}

/** 'Failed to load video' with Retry, over the video's place. */
export function VideoLoadFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={classes.failure} role="alert">
      <Stack align="center" gap="sm">
        <AlertIcon size={28} />
        <Text fw={600}>{videoMessages.loadFailed}</Text>
        <Button variant="white" color="dark" onClick={onRetry}>
          {videoMessages.retry}
        </Button>
      </Stack>
    </div>
  );
}
