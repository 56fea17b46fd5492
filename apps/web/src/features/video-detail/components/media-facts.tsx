import type { Video, VideoStream } from '@tubekeeper/contract';
import { formatBitrate, formatFileSize, type FileSizeUnit } from '../../../lib/format.ts';
import { useUserConfig } from '../../session/index.ts';

function streamText(stream: VideoStream, unit: FileSizeUnit): string {
  const kind = stream.type === 'video' ? 'Video' : stream.type === 'audio' ? 'Audio' : stream.type;
  const parts = [`${kind}: ${stream.codec}`];
  if (stream.bitrate > 0) parts.push(formatBitrate(stream.bitrate, unit));
  const size = stream.width && stream.height ? ` | ${stream.width}x${stream.height}` : '';
  return parts.join(' ') + size;
}

/** File size in the user's units and the stream list: type, codec, bitrate, width x height. */
export function MediaFacts({ video }: { video: Video }) {
  const { file_size_unit: unit } = useUserConfig();
  return (
    <div className="info-box media-facts">
      {video.media_size > 0 && <p>File size: {formatFileSize(video.media_size, unit)}</p>}
      <ul className="stream-list" aria-label="Streams">
        {video.streams.map((stream) => (
          <li key={stream.index}>{streamText(stream, unit)}</li>
        ))}
      </ul>
    </div>
  );
}
