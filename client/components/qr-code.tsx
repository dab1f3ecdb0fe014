import { useMemo } from 'react';
import QRCode from 'qrcode';

/**
 * A link as a QR code (an invite to scan with the other phone, a bin label's place). Drawn from
 * the `qrcode` library's module matrix as one SVG path: no network, no image URL (the app's
 * CSP stays strict), and sharp at any print size.
 */
export function QrCode({ text, size = 200, label, className = 'tr-qr' }: { text: string; size?: number; label: string; className?: string }) {
  const { path, count } = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const n = modules.size;
    let d = '';
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) if (modules.get(y, x)) d += `M${x + 4} ${y + 4}h1v1h-1z`;
    }
    return { path: d, count: n + 8 }; // four modules of quiet zone on every side
  }, [text]);
  return (
    <svg className={className} role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${count} ${count}`} shapeRendering="crispEdges">
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
