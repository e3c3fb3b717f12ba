// What a jobs page shows when it reads from the device instead of the API.
/** Above what is read from the device: it may be behind the server. */
export function DeviceCopyNote({ what, at }: { what: string; at?: string | null }) {
  return (
    <p className="alert job-offline" role="status" data-testid="device-copy">
      You are offline: {what} as this device last received {at ? `them (${at})` : 'them'}.
    </p>
  );
}
