import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  coordinatesInLink,
  isGoogleMapsLink,
  isShortMapsLink,
  linkIn,
  mapsLinkFor,
  parseCoordinates,
  westernDigits,
} from '../../src/shared/maps.ts';

const url = (text: string) => new URL(text);

describe('maps links and coordinates', () => {
  it('reads coordinates typed in Western or Arabic digits, with the Arabic comma and decimal separator', () => {
    assert.deepEqual(parseCoordinates('26.4207, 50.0888'), { lat: 26.4207, lng: 50.0888 });
    assert.deepEqual(parseCoordinates('٢٦٫٤٢٠٧، ٥٠٫٠٨٨٨'), { lat: 26.4207, lng: 50.0888 });
    assert.deepEqual(
      parseCoordinates('۲۴٫۷۱۳۶ ۴۶٫۶۷۵۳'),
      { lat: 24.7136, lng: 46.6753 },
      'Eastern Arabic-Indic digits, a space between',
    );
    assert.deepEqual(parseCoordinates(' -33.8688°, 151.2093° '), { lat: -33.8688, lng: 151.2093 });
    assert.equal(parseCoordinates('Riyadh'), undefined);
    assert.equal(parseCoordinates('124.1, 46.6'), undefined, 'off the globe');
    assert.equal(parseCoordinates('26.4207, 50.0888, 17z'), undefined, 'a pair and nothing else');
    assert.equal(westernDigits('٠١٢٣٤٥٦٧٨٩٫،'), '0123456789.,');
  });

  it('knows Google Maps links from other links, and share links from place links', () => {
    for (const good of [
      'https://maps.app.goo.gl/AbCdEf123',
      'https://goo.gl/maps/AbCdEf',
      'https://www.google.com/maps/place/X/@26.42,50.08,17z',
      'https://www.google.com.sa/maps/@26.42,50.08,15z',
      'https://maps.google.com/?q=26.42,50.08',
      'https://google.com/maps?q=Dammam',
    ])
      assert.equal(isGoogleMapsLink(url(good)), true, good);
    for (const bad of [
      'http://maps.app.goo.gl/AbCdEf',
      'https://goo.gl/AbCdEf',
      'https://www.google.com/search?q=maps',
      'https://evil.example/maps/x',
      'https://maps.app.goo.gl.evil.example/x',
      'https://www.google.com.evil.example/maps',
      'https://user@www.google.com/maps',
      'https://www.google.com:8443/maps',
    ])
      assert.equal(isGoogleMapsLink(url(bad)), false, bad);
    assert.equal(isShortMapsLink(url('https://maps.app.goo.gl/AbCdEf123')), true);
    assert.equal(isShortMapsLink(url('https://www.google.com/maps/@26.42,50.08,17z')), false);
    assert.equal(
      linkIn('maps.app.goo.gl/AbCd')?.href,
      'https://maps.app.goo.gl/AbCd',
      'a link pasted without https://',
    );
    assert.equal(linkIn('26.42, 50.08'), undefined);
  });

  it('finds the place in a link: the pin first, then the point searched, then the view', () => {
    assert.deepEqual(
      coordinatesInLink(
        url(
          'https://www.google.com/maps/place/Shop/@26.4,50.0,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d26.4207!4d50.0888',
        ),
      ),
      { lat: 26.4207, lng: 50.0888 },
    );
    assert.deepEqual(coordinatesInLink(url('https://maps.google.com/?q=24.7136,46.6753')), {
      lat: 24.7136,
      lng: 46.6753,
    });
    assert.deepEqual(coordinatesInLink(url('https://www.google.com/maps/search/?api=1&query=21.4858%2C39.1925')), {
      lat: 21.4858,
      lng: 39.1925,
    });
    assert.deepEqual(coordinatesInLink(url('https://www.google.com/maps/search/26.4207,+50.0888')), {
      lat: 26.4207,
      lng: 50.0888,
    });
    assert.deepEqual(coordinatesInLink(url('https://www.google.com/maps/@21.4858,39.1925,15z')), {
      lat: 21.4858,
      lng: 39.1925,
    });
    assert.equal(coordinatesInLink(url('https://maps.app.goo.gl/AbCdEf123')), undefined);
    assert.equal(coordinatesInLink(url('https://www.google.com/maps/place/Dammam')), undefined);
  });

  it("opens the owner's own link, else a search by the coordinates, else by the address", () => {
    assert.equal(
      mapsLinkFor({ mapsLink: 'https://maps.app.goo.gl/AbCd', location: { lat: 1, lng: 2 } }, 'x'),
      'https://maps.app.goo.gl/AbCd',
    );
    assert.equal(
      mapsLinkFor({ mapsLink: '', location: { lat: 24.7136, lng: 46.6753 } }, 'ignored'),
      'https://www.google.com/maps/search/?api=1&query=24.7136,46.6753',
    );
    assert.equal(
      mapsLinkFor({ mapsLink: '', location: null }, 'King Fahd Rd,  Riyadh'),
      'https://www.google.com/maps/search/?api=1&query=King%20Fahd%20Rd%2C%20Riyadh',
    );
  });
});
