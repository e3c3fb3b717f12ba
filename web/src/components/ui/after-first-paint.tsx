import { Suspense, type ReactNode } from 'react';
import { useAfterFirstPaint } from '@/lib/after-paint';

/**
 * `children` (typically lazy) once the page has painted its first content, `fallback` until they
 * are in: their code downloads after the paint, not with the render that paints (lib/after-paint).
 */
export function AfterFirstPaint({
  fallback,
  children,
}: {
  fallback: ReactNode;
  children: ReactNode;
}) {
  const ready = useAfterFirstPaint();
  return ready ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
