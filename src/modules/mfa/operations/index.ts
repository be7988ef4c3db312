import { createTotpDeviceForBase32SecretKey, createTotpDeviceForCustom, createTotpDeviceForOtpAuthUrl } from './createTotpDevice.js';
import { getTotpDeviceBy, getTotpDevices } from './getTotpDevices.js';
import { deleteTotpDevice, getTotpDevice, getTotpDeviceCode, updateTotpDevice } from './totpDevice.js';

/** MFAController: virtual TOTP devices. */
export const mfaOperations = [
  createTotpDeviceForBase32SecretKey, createTotpDeviceForCustom, createTotpDeviceForOtpAuthUrl,
  getTotpDevices, getTotpDeviceBy, getTotpDevice, updateTotpDevice, deleteTotpDevice, getTotpDeviceCode,
];
