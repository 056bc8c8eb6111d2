import CompressorPage from './compressor-page';

/** The compressed-air station page (/airCompressionEnergyEfficiency, issue 14, DOMAIN §7), for the route table. */
export { CompressorPage };
