// The QR code is a shared component now (bin labels draw one too, decision 048).
export { QrCode } from '../../components/qr-code.js';
