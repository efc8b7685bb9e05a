/** A USB device's vendor and product ids: what the scanner settings name a device by. */
export interface UsbIds {
  vendorId: number;
  productId: number;
}

/** Whether two devices (or a device and a settings entry) have the same vendor and product ids. */
export const sameUsbIds = (a: UsbIds, b: UsbIds): boolean => a.vendorId === b.vendorId && a.productId === b.productId;

/** An id as the device lists write it: four hex digits (05e0). */
export function hex4(n: number): string {
  return n.toString(16).padStart(4, '0');
}
